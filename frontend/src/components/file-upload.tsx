import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileDropzone, { useFilesDragging } from '@cloudscape-design/components/file-dropzone';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The spec's drag-and-drop upload (spec §5 "Drag-and-drop file upload", §8 upload failures): files
 * are picked (on a phone `accept="image/*"` offers the camera) or dropped, listed with a progress
 * bar each, and posted one by one straight to S3 with a presigned POST (docs/ARCHITECTURE.md "Files"). The same name
 * and size twice is refused with the spec's text; the screen decides what an upload of one file
 * means (`useUploads().run`). Labels come in through `i18nStrings`, as Cloudscape's own components do.
 */
type UploadStatus = 'pending' | 'uploading' | 'done' | 'failed';

interface UploadItem {
  id: string;
  file: File;
  /** 0..1 of the bytes sent. */
  progress: number;
  status: UploadStatus;
  /** Why it failed, already in the user's language (added after "Could not upload the file."). */
  error?: string;
}

/** A presigned POST (`createPresignedPost`): form fields first, the file last. */
interface PostTarget {
  url: string;
  fields: Record<string, string>;
}

/** Thrown by an upload step with the reason to show next to the file. */
export class UploadFailure extends Error {
  readonly detail: string | undefined;
  constructor(detail?: string) {
    super(detail ?? 'upload failed');
    this.name = 'UploadFailure';
    this.detail = detail;
  }
}

/**
 * Posts a file with upload progress. XMLHttpRequest, not fetch: fetch reports no upload progress.
 * S3 answers 204 (or 201/200 with success_action_status); anything else is a failure.
 */
export function postFile(
  target: PostTarget,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', target.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new UploadFailure()),
    );
    request.addEventListener('error', () => reject(new UploadFailure()));
    request.addEventListener('abort', () => reject(new UploadFailure()));
    request.send(form);
  });
}

let sequence = 0;

/** The list of files and the runner that uploads the ones not yet done, one after the other. */
export function useUploads() {
  const [items, setItemsState] = useState<UploadItem[]>([]);
  const current = useRef<UploadItem[]>([]);
  const setItems = useCallback((next: UploadItem[] | ((list: UploadItem[]) => UploadItem[])) => {
    current.current = typeof next === 'function' ? next(current.current) : next;
    setItemsState(current.current);
  }, []);
  const patch = useCallback(
    (id: string, change: Partial<UploadItem>) =>
      setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item))),
    [setItems],
  );

  /** Uploads every file not yet done; resolves with how many failed. */
  const run = useCallback(
    async (upload: (file: File, onProgress: (fraction: number) => void) => Promise<void>) => {
      let failed = 0;
      for (const item of current.current.filter((i) => i.status !== 'done')) {
        patch(item.id, { status: 'uploading', progress: 0, error: undefined });
        try {
          await upload(item.file, (progress) => patch(item.id, { progress }));
          patch(item.id, { status: 'done', progress: 1 });
        } catch (error) {
          failed += 1;
          patch(item.id, {
            status: 'failed',
            error: error instanceof UploadFailure ? error.detail : undefined,
          });
        }
      }
      return failed;
    },
    [patch],
  );
  return { items, setItems, run };
}

export interface FileUploadStrings {
  /** The picker button: "Choose photos". */
  choose: string;
  /** Under the button: "or drop them here". */
  dropHint: string;
  /** Over the drop zone while dragging: "Drop the files here". */
  dropHere: string;
  remove: string;
  uploaded: string;
  /** For a file of the wrong type or too large (before anything is sent). */
  notAccepted: string;
}

interface FileUploadProps {
  items: UploadItem[];
  onChange: (items: UploadItem[]) => void;
  /** The input's accept list, e.g. `image/*` (a phone then offers the camera too). */
  accept: string;
  /** Extensions accepted when the browser gives no type (HEIC on many desktops). */
  extensions?: readonly string[];
  multiple?: boolean;
  maxFiles?: number;
  maxBytes?: number;
  label?: string;
  description?: string;
  /** The screen's own error (e.g. `please_select_a_file` when it submits nothing). */
  errorText?: string;
  disabled?: boolean;
  /** Only the list and its results (after the upload): no picker, nothing to remove. */
  readOnly?: boolean;
  i18nStrings: FileUploadStrings;
  testId?: string;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;

const matchesAccept = (file: File, accept: string, extensions: readonly string[]) => {
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  if (extensions.includes(extension)) return true;
  return accept
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .some((part) =>
      part.endsWith('/*')
        ? file.type.toLowerCase().startsWith(part.slice(0, -1))
        : part.startsWith('.')
          ? `.${extension}` === part
          : file.type.toLowerCase() === part,
    );
};

export function FileUpload({
  items,
  onChange,
  accept,
  extensions = [],
  multiple = false,
  maxFiles,
  maxBytes,
  label,
  description,
  errorText,
  disabled,
  readOnly = false,
  i18nStrings,
  testId = 'file-upload',
}: FileUploadProps) {
  const { t } = useTranslation('messages');
  const { areFilesDragging } = useFilesDragging();
  const [problem, setProblem] = useState<string>();
  const previews = usePreviews(items);

  const add = (files: File[]) => {
    if (disabled || files.length === 0) return;
    const known = new Set(items.map((item) => `${item.file.name}|${item.file.size}`));
    const fresh: UploadItem[] = [];
    let duplicate = false;
    let refused = false;
    for (const file of files) {
      const identity = `${file.name}|${file.size}`;
      if (known.has(identity)) {
        duplicate = true;
        continue;
      }
      if (!matchesAccept(file, accept, extensions) || (maxBytes !== undefined && file.size > maxBytes)) {
        refused = true;
        continue;
      }
      known.add(identity);
      sequence += 1;
      fresh.push({ id: `upload-${sequence}`, file, progress: 0, status: 'pending' });
    }
    const room = maxFiles === undefined ? fresh.length : Math.max(0, maxFiles - items.length);
    const next = multiple ? [...items, ...fresh.slice(0, room)] : fresh.slice(0, 1);
    // Spec §5: the same name and size again is refused with this text.
    setProblem(duplicate ? t('files_already_exist') : refused ? i18nStrings.notAccepted : undefined);
    onChange(next);
  };

  const busy = items.some((item) => item.status === 'uploading');
  const shownError = errorText ?? problem;

  return (
    <FormField label={label} description={description} errorText={shownError} stretch data-testid={testId}>
      <SpaceBetween size="s">
        {readOnly ? null : areFilesDragging && !disabled ? (
          <FileDropzone onChange={({ detail }) => add(detail.value)}>
            <Box variant="p" color="text-body-secondary" data-testid={`${testId}-dropzone`}>
              {i18nStrings.dropHere}
            </Box>
          </FileDropzone>
        ) : (
          <SpaceBetween size="xs" direction="horizontal" alignItems="center">
            <FileInput
              value={[]}
              accept={accept}
              multiple={multiple}
              onChange={({ detail }) => add(detail.value)}
              invalid={Boolean(shownError)}
              data-testid={`${testId}-input`}
            >
              {i18nStrings.choose}
            </FileInput>
            <Box variant="small" color="text-body-secondary">
              {i18nStrings.dropHint}
            </Box>
          </SpaceBetween>
        )}
        {items.length > 0 ? (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
            {items.map((item) => (
              <li
                key={item.id}
                data-testid={`${testId}-item`}
                data-status={item.status}
                style={{ display: 'flex', gap: 12, alignItems: 'flex-start', minWidth: 0 }}
              >
                <Preview url={previews.get(item.id)} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  {item.status === 'pending' ? (
                    <SpaceBetween size="xxxs">
                      <Box variant="strong">
                        <span style={{ overflowWrap: 'anywhere' }}>{item.file.name}</span>
                      </Box>
                      <Box variant="small" color="text-body-secondary">
                        {sizeText(item.file.size)}
                      </Box>
                    </SpaceBetween>
                  ) : (
                    <ProgressBar
                      label={<span style={{ overflowWrap: 'anywhere' }}>{item.file.name}</span>}
                      description={sizeText(item.file.size)}
                      value={Math.round(item.progress * 100)}
                      status={
                        item.status === 'done'
                          ? 'success'
                          : item.status === 'failed'
                            ? 'error'
                            : 'in-progress'
                      }
                      resultText={
                        item.status === 'done'
                          ? i18nStrings.uploaded
                          : [t('could_not_upload_the_file'), item.error].filter(Boolean).join(' ')
                      }
                    />
                  )}
                </div>
                {!readOnly && (item.status === 'pending' || item.status === 'failed') ? (
                  <Button
                    variant="icon"
                    iconName="remove"
                    ariaLabel={`${i18nStrings.remove}: ${item.file.name}`}
                    disabled={busy || disabled}
                    onClick={() => {
                      setProblem(undefined);
                      onChange(items.filter((other) => other.id !== item.id));
                    }}
                    data-testid={`${testId}-remove`}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </SpaceBetween>
    </FormField>
  );
}

/** Object URLs of the image files for thumbnails, released when a file leaves the list. */
function usePreviews(items: UploadItem[]) {
  const urls = useRef(new Map<string, string>());
  const [, rerender] = useState(0);
  useEffect(() => {
    const ids = new Set(items.map((item) => item.id));
    let changed = false;
    for (const [id, url] of urls.current)
      if (!ids.has(id)) {
        URL.revokeObjectURL(url);
        urls.current.delete(id);
        changed = true;
      }
    for (const item of items)
      if (!urls.current.has(item.id) && item.file.type.startsWith('image/')) {
        urls.current.set(item.id, URL.createObjectURL(item.file));
        changed = true;
      }
    if (changed) rerender((n) => n + 1);
  }, [items]);
  useEffect(
    () => () => {
      for (const url of urls.current.values()) URL.revokeObjectURL(url);
      // Forget them too: a remount (React's strict mode does one) makes fresh ones.
      urls.current.clear();
    },
    [],
  );
  return urls.current;
}

function Preview({ url }: { url: string | undefined }) {
  const [broken, setBroken] = useState(false);
  const box = { width: 48, height: 48, flex: '0 0 48px', borderRadius: 6, background: '#e9ebed' };
  // HEIC has no preview in most browsers: an empty tile instead of a broken image.
  if (!url || broken) return <div style={box} aria-hidden="true" />;
  return <img src={url} alt="" onError={() => setBroken(true)} style={{ ...box, objectFit: 'cover' }} />;
}

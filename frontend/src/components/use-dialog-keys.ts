import { useEffect, useLayoutEffect, useRef } from 'react';

/** Spec §2: in edit, info, action and confirm dialogs Esc cancels, F10 saves, F8 deletes. */
interface DialogKeyHandlers {
  onCancel?: () => void;
  onSave?: () => void;
  onDelete?: () => void;
}

interface Entry {
  handlers: DialogKeyHandlers;
  enabled: boolean;
  /** When it was last enabled: the most recently opened dialog is the innermost one. */
  openedAt: number;
}

/**
 * Every mounted hook has an entry; only the most recently enabled one answers, so a confirm modal
 * over a form takes Esc for itself and the form gets its keys back when the modal closes. Entries
 * are updated on every commit, so what answers always matches what is on screen.
 */
const entries = new Set<Entry>();
let opened = 0;

const isInsideOpenPopup = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[aria-expanded="true"]') !== null;

const innermost = () => {
  let found: Entry | undefined;
  for (const entry of entries) {
    if (entry.enabled && (!found || entry.openedAt > found.openedAt)) found = entry;
  }
  return found?.handlers;
};

const onKeyDown = (event: KeyboardEvent) => {
  const top = innermost();
  if (!top || event.defaultPrevented) return;
  if (event.key === 'Escape' && top.onCancel) {
    // Esc first closes an open dropdown (select, autosuggest); a second Esc cancels the dialog.
    if (isInsideOpenPopup(event.target)) return;
    event.preventDefault();
    top.onCancel();
  } else if (event.key === 'F10' && top.onSave) {
    // F10 otherwise focuses the browser's menu bar.
    event.preventDefault();
    top.onSave();
  } else if (event.key === 'F8' && top.onDelete) {
    event.preventDefault();
    top.onDelete();
  }
};

export const useDialogKeys = (handlers: DialogKeyHandlers, enabled = true) => {
  const entry = useRef<Entry>({ handlers, enabled: false, openedAt: 0 });

  useLayoutEffect(() => {
    const current = entry.current;
    current.handlers = handlers;
    if (enabled && !current.enabled) {
      opened += 1;
      current.openedAt = opened;
    }
    current.enabled = enabled;
  });

  useEffect(() => {
    const current = entry.current;
    entries.add(current);
    if (entries.size === 1) window.addEventListener('keydown', onKeyDown);
    return () => {
      entries.delete(current);
      if (entries.size === 0) window.removeEventListener('keydown', onKeyDown);
    };
  }, []);
};

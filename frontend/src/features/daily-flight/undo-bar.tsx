import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOP_NAV_ID } from '../../lib/navigation.ts';
import { UNDO_MS, type UndoableEntry } from './outbox.ts';
import { timeIn } from './sheet-time.ts';

/** The tap the sheet just recorded, as the confirmation shows it. */
export interface LastTap {
  entry: UndoableEntry;
  reg: string;
}

const MESSAGE = { takeoff: 'undo.took_off', land: 'undo.landed', create: 'undo.launched' } as const;

/**
 * The short confirmation after a take-off, a landing or a launch ("HA-4012 landed at 14:32 — Undo"):
 * a mis-tap on the wrong glider is taken back in one tap for UNDO_MS (15 s), through the outbox
 * like any other write. Later it is corrected in the flight's own dialog. One at a time: the next
 * tap replaces it.
 */
export function UndoBar({
  tap,
  timeZone,
  onUndo,
  onExpire,
}: {
  tap: LastTap;
  timeZone: string;
  onUndo: (tap: LastTap) => void;
  onExpire: () => void;
}) {
  const { t } = useTranslation('daily-flight');
  useEffect(() => {
    const timer = setTimeout(onExpire, UNDO_MS);
    return () => clearTimeout(timer);
  }, [onExpire]);
  // Just under the app's top bar, over the page's title: it covers no tap target of the sheet.
  const [top] = useState(() => (document.getElementById(TOP_NAV_ID)?.offsetHeight ?? 0) + 8);
  const time = timeIn(tap.entry.at, timeZone) ?? '';
  return (
    <div
      className="ws-undo"
      style={{ top }}
      role="status"
      data-testid="sheet-undo"
      data-kind={tap.entry.kind}
    >
      <span className="ws-undo__text">{t(MESSAGE[tap.entry.kind], { reg: tap.reg, time })}</span>
      <button
        type="button"
        className="ws-undo__action"
        onClick={() => onUndo(tap)}
        data-testid="sheet-undo-action"
      >
        {t('undo.action')}
      </button>
      <span className="ws-undo__clock" style={{ animationDuration: `${UNDO_MS}ms` }} aria-hidden="true" />
    </div>
  );
}

import { KeystrokeLog } from '@depot/domain';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { ScanSource } from '../outbox';

type OnEntry = (text: string, source: Extract<ScanSource, 'scanner' | 'typed'>) => void;

const isEdit = (e: { key: string; ctrlKey: boolean; metaKey: boolean }) =>
  e.key === 'Backspace' ||
  e.key === 'Delete' ||
  ((e.ctrlKey || e.metaKey) && ['v', 'x', 'z'].includes(e.key.toLowerCase()));
const isChar = (e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  [...e.key].length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;

/**
 * The scan field's keys (decision 0130): Enter after a scanner's burst scans the burst; Enter after a person's typing
 * (or a paste) scans what the field holds, as a typed entry, which counts only with virtual scan on.
 */
export function useScanField(onEntry: OnEntry) {
  const log = useRef(new KeystrokeLog());
  return {
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        const entry = log.current.enter(e.timeStamp);
        const text = e.currentTarget.value;
        if (entry.kind === 'scanner') onEntry(entry.text, 'scanner');
        else if (text.trim()) onEntry(text, 'typed');
        return true;
      }
      if (isChar(e)) log.current.push(e.key, e.timeStamp);
      else if (isEdit(e)) log.current.edit();
      return false;
    },
    onEdit: () => log.current.edit(),
  };
}

const setNativeValue = (el: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * A scanner that types while the focus is elsewhere on the screen (a settings field, a button): its burst and Enter
 * still scan, the burst is taken back out of the field it landed in, and the focus returns to the scan field. A
 * person's Enter there does what it always does.
 */
export function useStrayScans(scanField: RefObject<HTMLInputElement | null>, onScan: (text: string) => void) {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  useEffect(() => {
    const log = new KeystrokeLog();
    const keydown = (e: globalThis.KeyboardEvent) => {
      if (e.target === scanField.current) return log.clear();
      if (e.key === 'Enter') {
        const entry = log.enter(e.timeStamp);
        if (entry.kind !== 'scanner') return;
        e.preventDefault();
        e.stopPropagation();
        const target = e.target;
        if (
          (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) &&
          target.value.endsWith(entry.text)
        )
          setNativeValue(target, target.value.slice(0, -entry.text.length));
        scanField.current?.focus();
        onScanRef.current(entry.text);
        return;
      }
      if (isChar(e)) log.push(e.key, e.timeStamp);
      else if (isEdit(e)) log.edit();
    };
    document.addEventListener('keydown', keydown, true);
    return () => document.removeEventListener('keydown', keydown, true);
  }, [scanField]);
}

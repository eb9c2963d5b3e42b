import { LABEL_NOTICES_HEADER, type LabelNotice } from '@depot/contracts';
import { visibleLabelNotices } from '@depot/domain';

/** A notice the panel shows: its message id and values, and whether it is good news or an info. */
export interface NoticeText {
  kind: 'success' | 'info';
  id: string;
  values?: Record<string, string | number>;
}

/** SPEC 8 label notices in the panel's words, parcels by number (decision 0121); "No package found" is silent. */
export function noticeTexts(notices: readonly LabelNotice[]): NoticeText[] {
  return visibleLabelNotices(notices).map((n): NoticeText => {
    switch (n.code) {
      case 'labelCount':
        return { kind: 'success', id: 'labels.notice.labelCount', values: { count: n.count } };
      case 'notFound':
        return { kind: 'info', id: 'labels.notice.notFound', values: { count: n.count } };
      case 'noPackageCreated':
        return { kind: 'info', id: 'labels.notice.noPackageCreated', values: { number: n.number } };
      case 'blank':
        return { kind: 'info', id: 'labels.notice.blank' };
      default:
        return { kind: 'info', id: 'labels.notice.blank' };
    }
  });
}

/** The notices of a direct label reply (its header); none when the header is missing or unreadable. */
export function noticesOfHeaders(headers: Headers | undefined): LabelNotice[] {
  const raw = headers?.get(LABEL_NOTICES_HEADER);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as LabelNotice[]) : [];
  } catch {
    return [];
  }
}

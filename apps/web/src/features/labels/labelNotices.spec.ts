import { CATALOGUE } from '@depot/contracts';
import { LABEL_NOTICES_HEADER } from '@depot/contracts';
import { noticesOfHeaders, noticeTexts } from './labelNotices';

const { en, pl } = CATALOGUE;

describe('label notices in the panel', () => {
  it('shows the count as success and the others as info, keeping "No package found" silent', () => {
    expect(
      noticeTexts([
        { code: 'noPackageFound' },
        { code: 'notFound', count: 2 },
        { code: 'noPackageCreated', number: 'ACME0000000002' },
        { code: 'blank' },
        { code: 'labelCount', count: 3 },
      ]),
    ).toEqual([
      { kind: 'info', id: 'labels.notice.notFound', values: { count: 2 } },
      { kind: 'info', id: 'labels.notice.noPackageCreated', values: { number: 'ACME0000000002' } },
      { kind: 'info', id: 'labels.notice.blank' },
      { kind: 'success', id: 'labels.notice.labelCount', values: { count: 3 } },
    ]);
    expect(noticeTexts([{ code: 'noPackageFound' }])).toEqual([]);
  });

  it('every notice id exists in both languages', () => {
    for (const id of ['labelCount', 'notFound', 'noPackageCreated', 'blank'].map(
      (c) => `labels.notice.${c}`,
    )) {
      expect(id in en && id in pl).toBe(true);
    }
  });

  it('reads the notices header, and ignores a missing or broken one', () => {
    const headers = new Headers({ [LABEL_NOTICES_HEADER]: '[{"code":"blank"}]' });
    expect(noticesOfHeaders(headers)).toEqual([{ code: 'blank' }]);
    expect(noticesOfHeaders(new Headers())).toEqual([]);
    expect(noticesOfHeaders(new Headers({ [LABEL_NOTICES_HEADER]: '{oops' }))).toEqual([]);
    expect(noticesOfHeaders(undefined)).toEqual([]);
  });
});

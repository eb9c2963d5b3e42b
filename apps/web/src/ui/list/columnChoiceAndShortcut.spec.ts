import { columnChoiceKey, readHidden } from './useColumnChoice';
import { typingTarget } from './ListFilters';

describe('the column choice as stored', () => {
  it('is kept per user and per list', () => {
    expect(columnChoiceKey('u1', 'parcels-list')).toBe('depot.columns.u1.parcels-list');
    expect(columnChoiceKey('u2', 'parcels-list')).not.toBe(columnChoiceKey('u1', 'parcels-list'));
  });

  it('reads the hidden column ids', () => {
    expect(readHidden('["source","route"]')).toEqual(['source', 'route']);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['not a list', '{"source":true}'],
  ])('is no choice for %s', (_name, raw) => {
    expect(readHidden(raw)).toEqual([]);
  });

  it('keeps only the texts of a list', () => {
    expect(readHidden('["source", 3, null, "route"]')).toEqual(['source', 'route']);
  });
});

describe('where `/` is typed rather than a shortcut', () => {
  const el = (html: string) => {
    document.body.innerHTML = html;
    return document.body.querySelector('[data-at]');
  };

  it.each([
    ['an input', '<input data-at />', true],
    ['a text area', '<textarea data-at></textarea>', true],
    ['a select', '<select data-at></select>', true],
    ['a button in a dialog', '<div role="dialog"><button data-at></button></div>', true],
    ['a button in a popover', '<div class="bp6-overlay"><button data-at></button></div>', true],
    ['the page', '<main data-at></main>', false],
    ['a button on the page', '<button data-at></button>', false],
  ])('%s', (_name, html, typing) => {
    expect(typingTarget(el(html))).toBe(typing);
  });

  it('an editable element', () => {
    const div = el('<div data-at contenteditable="true"></div>') as HTMLElement;
    // jsdom does not compute isContentEditable from the attribute.
    Object.defineProperty(div, 'isContentEditable', { value: true });
    expect(typingTarget(div)).toBe(true);
  });
});

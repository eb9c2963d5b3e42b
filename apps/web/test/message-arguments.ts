import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type ArgKind = 'text' | 'number' | 'date' | 'tag';

/** A message's arguments and what each takes, read from its ICU syntax tree. */
export function argumentsOf(message: string): Map<string, ArgKind> {
  const found = new Map<string, ArgKind>();
  const add = (name: string, kind: ArgKind) => {
    if (found.get(name) !== 'number') found.set(name, kind);
  };
  const walk = (nodes: MessageFormatElement[]) => {
    for (const n of nodes) {
      switch (n.type) {
        case TYPE.argument:
          add(n.value, 'text');
          break;
        case TYPE.number:
          add(n.value, 'number');
          break;
        case TYPE.date:
        case TYPE.time:
          add(n.value, 'date');
          break;
        case TYPE.plural:
        case TYPE.select:
          add(n.value, 'number');
          for (const option of Object.values(n.options)) walk(option.value);
          break;
        case TYPE.tag:
          add(n.value, 'tag');
          walk(n.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message));
  return found;
}

/** Values for one rendering: `count` for every numeric argument, a marked word for every text one. */
export function sampleValues(message: string, count: number) {
  const values: Record<string, string | number | Date | ((chunks: string[]) => string)> = {};
  for (const [name, kind] of argumentsOf(message)) {
    if (kind === 'number') values[name] = count;
    else if (kind === 'date') values[name] = new Date(Date.UTC(2026, 0, 2, 10, 0));
    else if (kind === 'tag') values[name] = (chunks: string[]) => chunks.join('');
    else values[name] = `«${name}»`;
  }
  return values;
}

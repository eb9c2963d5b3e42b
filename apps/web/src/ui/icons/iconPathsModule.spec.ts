import { IconNames } from '@blueprintjs/icons';
import { blueprintIconPaths, ICON_PATH_SIZES, iconPathsModule } from './iconPathsModule';
import { PANEL_ICONS } from './panelIcons';

/** The default export of a module made by iconPathsModule. */
const exported = (source: string): unknown => {
  const body = /^export default (JSON\.parse\(.*\));$/.exec(source)?.[1];
  if (!body) throw new Error(`unexpected module: ${source.slice(0, 80)}`);
  return new Function(`return ${body}`)() as unknown;
};

describe.each(ICON_PATH_SIZES)('the panel icon paths at %i px', (size) => {
  const paths = exported(iconPathsModule(PANEL_ICONS, size)) as Record<string, string[]>;

  it('hold every panel icon, and nothing else', () => {
    expect(Object.keys(paths).sort()).toEqual([...PANEL_ICONS].sort());
  });

  it("are Blueprint's own paths of that size", () => {
    for (const name of PANEL_ICONS) {
      expect(paths[name]).toEqual(blueprintIconPaths(name, size));
      expect(paths[name]!.length).toBeGreaterThan(0);
      expect(paths[name]!.every((d) => /^[Mm][^<>"]*$/.test(d))).toBe(true);
    }
  });
});

it('sizes differ where Blueprint draws them differently (16 px and 20 px are two drawings)', () => {
  expect(blueprintIconPaths('add', 16)).not.toEqual(blueprintIconPaths('add', 20));
});

it('a name that is no Blueprint icon is refused at build time', () => {
  expect(Object.values(IconNames)).not.toContain('no-such-icon');
  expect(() => iconPathsModule(['no-such-icon'], 16)).toThrow();
});

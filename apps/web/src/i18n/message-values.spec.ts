import { CATALOGUE, LANGUAGES, MESSAGES, PASSWORD_MIN_LENGTH, type Language } from '@depot/contracts';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { createIntl } from 'react-intl';
import ts from 'typescript';
import { byNamespace } from '../../test/by-namespace';
import { argumentsOf, sampleValues } from '../../test/message-arguments';
import { PANEL_SRC, panelSourceFiles } from '../../test/panel-sources';
import { describeMessage } from '../api/errors';

/**
 * Messages with placeholders render their values, everywhere (issue 13): every catalogue message with arguments
 * formats in both languages once given values, and the panel's source never names such a message without passing
 * them (react-intl then shows the raw "{name}" text).
 */

const FILES: Record<Language, Record<string, string>> = CATALOGUE;
const SRC = PANEL_SRC;

/** Plain `{name}` arguments outside any plural/select branch: their value must show in every rendering. */
function topLevelTextArguments(message: string): string[] {
  const names: string[] = [];
  for (const n of parse(message)) if (n.type === TYPE.argument) names.push(n.value);
  return names;
}

/** The arguments of every message that has any, in either language (both must agree; i18n.spec checks that). */
const MESSAGE_ARGUMENTS = new Map<string, Set<string>>();
for (const lang of LANGUAGES) {
  for (const [id, message] of Object.entries(FILES[lang])) {
    const names = [...argumentsOf(message).keys()];
    if (names.length === 0) continue;
    const set = MESSAGE_ARGUMENTS.get(id) ?? new Set<string>();
    for (const n of names) set.add(n);
    MESSAGE_ARGUMENTS.set(id, set);
  }
}

describe('every catalogue message with arguments renders its values', () => {
  it('there are such messages (guards the walk itself)', () => {
    expect(MESSAGE_ARGUMENTS.size).toBeGreaterThan(50);
    expect([...(MESSAGE_ARGUMENTS.get('clients.linkedMessage') ?? [])].sort()).toEqual(['count', 'name']);
    expect([...(MESSAGE_ARGUMENTS.get('matrices.test.noMatch') ?? [])]).toEqual(['names']);
  });

  describe.each(LANGUAGES)('in %s', (lang) => {
    const errors: string[] = [];
    const intl = createIntl({
      locale: lang,
      messages: FILES[lang],
      onError: (e) => errors.push(e.message),
    });

    /** What is wrong with a message's renderings, or with what react-intl reported while rendering it. */
    function problemsOf(id: string) {
      errors.splice(0);
      const message = FILES[lang][id];
      const shown = topLevelTextArguments(message);
      // Numbers that reach every plural category of en and pl (one, few, many, other) and "=0" branches.
      const problems = [0, 1, 2, 5, 22, 1.5].flatMap((count) => {
        const out = intl.formatMessage({ id }, sampleValues(message, count));
        return [
          ...(/[{}]/.test(out) ? ['a placeholder left'] : []),
          ...(out.trim() === '' ? ['empty'] : []),
          ...shown.filter((name) => !out.includes(`«${name}»`)).map((name) => `«${name}» not shown`),
        ].map((problem) => ({ id, count, out, problem }));
      });
      return [...problems, ...errors.map((error) => ({ id, error }))];
    }

    it.each(byNamespace([...MESSAGE_ARGUMENTS.keys()]))('%s.* render their values', (_namespace, ids) => {
      expect(ids.flatMap(problemsOf)).toEqual([]);
    });
  });

  it('without its values a message shows raw placeholders (what the scan below prevents)', () => {
    const intl = createIntl({ locale: 'en', messages: FILES.en, onError: () => undefined });
    expect(intl.formatMessage({ id: 'matrices.test.noMatch' })).toContain('{names}');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The source scan: where the panel names a message with arguments, it passes values naming every argument.

interface Finding {
  file: string;
  line: number;
  ids: string[];
  problem: string;
}

/** The catalogue ids an expression can stand for: a literal id, either side of `a ? b : c`, an id template. */
function idsOf(node: ts.Expression, keys: readonly string[]): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return keys.includes(node.text) ? [node.text] : [];
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
    if (!/[a-zA-Z]/.test(parts.join(''))) return [];
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^${parts.map(escape).join('[a-zA-Z0-9.]+')}$`);
    return keys.filter((k) => pattern.test(k));
  }
  return [];
}

/** Climbs from an id through `?:`, parentheses, `as` and `??`/`||` to where it is used. */
function siteOfUse(node: ts.Node): ts.Node {
  let n = node;
  for (;;) {
    const p = n.parent;
    if (
      ts.isParenthesizedExpression(p) ||
      ts.isAsExpression(p) ||
      ts.isSatisfiesExpression(p) ||
      (ts.isConditionalExpression(p) && p.condition !== n) ||
      (ts.isBinaryExpression(p) &&
        (p.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
          p.operatorToken.kind === ts.SyntaxKind.BarBarToken))
    ) {
      n = p;
      continue;
    }
    return n;
  }
}

const propertyName = (name: ts.PropertyName | ts.JsxAttributeName): string | null =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;

/** The names an object literal of values gives, or null when they cannot be known (a spread, a variable). */
function valueNames(node: ts.Expression | undefined): Set<string> | null {
  if (!node) return null;
  const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
  if (!ts.isObjectLiteralExpression(inner)) return null;
  const names = new Set<string>();
  for (const p of inner.properties) {
    if (ts.isSpreadAssignment(p)) return null;
    const name = p.name ? propertyName(p.name as ts.PropertyName) : null;
    if (name === null) return null;
    names.add(name);
  }
  return names;
}

/**
 * What is wrong with one use of ids that have arguments, or null: values must be passed next to the id
 * (`<FormattedMessage id values>`, `<ConfirmDialog messageId values>`, `{ id, values }` as text()/notify take it,
 * `formatMessage({ id }, values)`) and, when written out, name every argument.
 */
function problemOf(site: ts.Node, ids: string[], exact: boolean): string | null {
  let values: ts.Expression | undefined;
  let hasValues = false;
  const parent = site.parent;

  const jsxAttribute = ts.isJsxExpression(parent) ? parent.parent : parent;
  if (ts.isJsxAttribute(jsxAttribute)) {
    const attr = propertyName(jsxAttribute.name);
    if (attr !== 'id' && attr !== 'messageId') return `given as ${attr}, which takes no values`;
    for (const a of jsxAttribute.parent.properties) {
      if (ts.isJsxSpreadAttribute(a)) return null;
      if (propertyName(a.name) === 'values') {
        hasValues = true;
        values = a.initializer && ts.isJsxExpression(a.initializer) ? a.initializer.expression : undefined;
      }
    }
  } else if (ts.isPropertyAssignment(parent) && propertyName(parent.name) === 'id') {
    const object = parent.parent;
    for (const p of object.properties) {
      if (ts.isSpreadAssignment(p)) return null;
      if (p.name && propertyName(p.name as ts.PropertyName) === 'values') {
        hasValues = true;
        values = ts.isPropertyAssignment(p) ? p.initializer : undefined;
      }
    }
    const call = object.parent;
    if (
      !hasValues &&
      ts.isCallExpression(call) &&
      call.arguments[0] === object &&
      call.arguments.length > 1
    ) {
      hasValues = true;
      values = call.arguments[1];
    }
  } else if (
    ts.isCaseClause(parent) ||
    (ts.isBinaryExpression(parent) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(
        parent.operatorToken.kind,
      ))
  ) {
    return null; // compared with, not shown
  } else {
    return 'passed on as a bare id, without values';
  }

  if (!hasValues) return 'rendered without values';
  const given = valueNames(values);
  if (given === null) return null;
  // A literal (or either side of `?:`) needs every argument of each id; an id template, whose ids the scan cannot
  // narrow down, those every id it can stand for shares.
  const argumentSets = ids.map((id) => [...(MESSAGE_ARGUMENTS.get(id) ?? [])]);
  const needed = exact
    ? [...new Set(argumentSets.flat())]
    : argumentSets.reduce((common, names) => common.filter((n) => names.includes(n)));
  const missing = needed.filter((n) => !given.has(n));
  return missing.length ? `values lack ${missing.sort().join(', ')}` : null;
}

/** Every use in one source text of a message id that has arguments, and what is wrong with it. */
function scan(file: string, text: string) {
  const keys = [...MESSAGE_ARGUMENTS.keys()];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const checked: { id: string; file: string }[] = [];
  const findings: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const ids = idsOf(node, keys);
      if (ids.length > 0) {
        for (const id of ids) checked.push({ id, file });
        const problem = problemOf(siteOfUse(node), ids, !ts.isTemplateExpression(node));
        if (problem) {
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          findings.push({ file, line, ids, problem });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { checked, findings };
}

/**
 * The API's own texts are read back into their server.* / validation.* messages with their values by libs/contracts
 * message-keys.ts (describeMessage in api/errors.ts): a path the scan cannot follow, so those ids are checked by
 * rendering instead (below).
 */
const READ_BACK = /^(server|validation)\./;

const describeFinding = (f: Finding) => `${f.file}:${f.line} ${f.ids.join(' | ')}: ${f.problem}`;

describe('the panel passes the values of every message with arguments', () => {
  const results = panelSourceFiles().map((f) => scan(relative(SRC, f), readFileSync(f, 'utf8')));
  const checked = results.flatMap((r) => r.checked);
  const findings = results.flatMap((r) => r.findings);

  it('the scan finds the uses (guards the scan itself)', () => {
    const ids = new Set(checked.map((c) => c.id));
    expect(ids.size).toBeGreaterThan(60);
    for (const id of [
      'clients.linkedMessage',
      'matrices.test.noMatch',
      'list.count',
      'export.selectedAs',
      'parcels.carrierNote.refused',
      'labels.notice.noPackageCreated',
      'clientGroups.inOtherGroup',
      'matrices.copyName',
    ]) {
      expect(ids.has(id)).toBe(true);
    }
  });

  it('no message with arguments is rendered or passed on without them', () => {
    expect(findings.map(describeFinding)).toEqual([]);
  });

  it.each([
    ['<FormattedMessage id="matrices.test.noMatch" />', 'rendered without values'],
    ['<FormattedMessage id="matrices.test.noMatch" values={{ matrices: m }} />', 'values lack names'],
    [
      "<FormattedMessage id={a ? 'list.count' : 'list.allLoaded'} values={{ loaded }} />",
      'values lack total',
    ],
    ['<ConfirmDialog messageId="clients.linkedMessage" values={{ count, fields }} />', 'values lack name'],
    ['<ConfirmDialog titleId="clients.linkedMessage" />', 'given as titleId, which takes no values'],
    ["intl.formatMessage({ id: 'matrices.copyName' })", 'rendered without values'],
    ["intl.formatMessage({ id: 'matrices.copyName' }, { title })", 'values lack name'],
    ["text({ id: 'clientGroups.clientAdded' })", 'rendered without values'],
    ["notify.success({ id: 'parcelForm.created', values: { id: 1 } })", 'values lack number'],
    ["usePageTitle('parcelDetails.heading')", 'passed on as a bare id, without values'],
    ["const ids = { noMatch: 'matrices.test.noMatch' }", 'passed on as a bare id, without values'],
    ['notify.info({ id: `parcels.carrierNote.${code}` })', 'rendered without values'],
  ])('flags %s', (code, problem) => {
    expect(scan('sample.tsx', code).findings.map((f) => f.problem)).toEqual([problem]);
  });

  it.each([
    '<FormattedMessage id="matrices.test.noMatch" values={{ names }} />',
    '<FormattedMessage id="list.allLoaded" />',
    "<FormattedMessage id={a ? 'list.count' : 'list.countCapped'} values={{ loaded: 1, total: 2 }} />",
    "intl.formatMessage({ id: 'matrices.copyName' }, { name: source.name })",
    "notify.success({ id: 'parcels.cancel.result', values })",
    "text({ id: 'clientGroups.clientAdded', values: { ...v } })",
    "return { kind: 'info', id: 'labels.notice.noPackageCreated', values: { number: n.number } }",
  ])('accepts %s', (code) => {
    expect(scan('sample.tsx', code).findings).toEqual([]);
  });
});

describe("the API's texts with arguments are read back with their values", () => {
  const ids = [...MESSAGE_ARGUMENTS.keys()].filter((id) => READ_BACK.test(id));

  it('there are such texts', () => {
    expect(ids).toEqual(
      expect.arrayContaining(['server.tooManySignInAttempts', 'validation.passwordTooShort']),
    );
  });

  it.each(ids)('%s', (id) => {
    const [namespace, key] = id.split('.');
    const texts = (namespace === 'server' ? MESSAGES : MESSAGES.validation) as Record<string, unknown>;
    const render = texts[key] as (...args: number[]) => string;
    expect(typeof render).toBe('function');
    const apiText =
      id === 'validation.passwordTooShort'
        ? render(PASSWORD_MIN_LENGTH)
        : render(...Array.from({ length: render.length }, () => 7));
    const described = describeMessage(apiText);
    expect(described).toEqual({ id, values: expect.any(Object) as unknown });
    const values = 'values' in described ? (described.values ?? {}) : {};
    expect(Object.keys(values).sort()).toEqual([...(MESSAGE_ARGUMENTS.get(id) ?? [])].sort());
    for (const lang of LANGUAGES) {
      const errors: unknown[] = [];
      const intl = createIntl({ locale: lang, messages: FILES[lang], onError: (e) => errors.push(e) });
      expect(intl.formatMessage({ id }, values)).not.toMatch(/[{}]/);
      expect(errors).toEqual([]);
    }
  });
});

import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rule = require('./no-literal-ui-text.cjs') as Rule.RuleModule;

/**
 * The panel's "no literal UI text" rule (docs/decisions/0009-literal-text-check.md). RuleTester registers its own
 * describe/it blocks under jest.
 */
const ruleTester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

const literal = (text: string) => ({ messageId: 'literal', data: { text } });

ruleTester.run('no-literal-ui-text', rule, {
  valid: [
    // Messages come from react-intl.
    '<FormattedMessage id="users.title" />',
    '<h1><FormattedMessage id="home.welcome" values={{ name: user.firstName }} /></h1>',
    '<input placeholder={intl.formatMessage({ id: "users.search" })} />',
    '<Button title={intl.formatMessage({ id: "layout.toggleMenu" })} />',
    '<Alert confirmButtonText={intl.formatMessage({ id: "list.loadAllConfirm" })} />',
    // Expressions rendered as children.
    '<span>{name}</span>',
    '<span>{user.firstName} {user.lastName}</span>',
    '<span>{`${first} ${last}`}</span>',
    '<td>{rows.length}</td>',
    '<input placeholder={placeholder} aria-label={label} />',
    '<Tag label={`${count}`} />',
    // Punctuation, symbols, digits and whitespace only.
    '<span> · </span>',
    '<span>-</span>',
    '<span>{"·"}</span>',
    "<span>{' - '}</span>",
    '<span>{`—`}</span>',
    '<span>42</span>',
    '<span>(12/50)</span>',
    '<span>…</span>',
    '<div>\n  <span />\n</div>',
    '<input placeholder="…" title="—" />',
    '<img alt="" />',
    // Attributes nobody reads as text.
    '<div className="depot-form-card bp6-dark" />',
    '<div data-testid="users-list" />',
    '<div id="page-home" key="row-a" />',
    '<Button intent="primary" icon="cog" type="submit" />',
    '<input type="email" name="email" autoComplete="username" />',
    '<a href="/administration/users" target="_blank" rel="noreferrer" />',
    '<Foo value="Hello" data-label="Save" />',
    // String literals outside JSX are someone else's business (ids, keys, API paths).
    "const path = '/user/create';",
    "const label = 'Save'; const el = <span>{label}</span>;",
    "f({ id: 'users.title' });",
  ],
  invalid: [
    { code: '<div>Save</div>', errors: [literal('Save')] },
    { code: '<div>  Hello world  </div>', errors: [literal('Hello world')] },
    { code: '<p>\n  Multi-line\n  text\n</p>', errors: [literal('Multi-line\n  text')] },
    { code: '<p>Zażółć gęślą jaźń</p>', errors: [literal('Zażółć gęślą jaźń')] },
    { code: '<span>· Depot</span>', errors: [literal('· Depot')] },
    { code: '<span>12 items</span>', errors: [literal('12 items')] },
    { code: '<>Fragment text</>', errors: [literal('Fragment text')] },
    { code: '<span>{name} selected</span>', errors: [literal('selected')] },
    {
      code: '<p>This text is much longer than forty characters, so the report shortens it.</p>',
      errors: [literal('This text is much longer than forty char')],
    },
    // String literals rendered as children.
    { code: "<span>{'Save'}</span>", errors: [literal('Save')] },
    { code: '<span>{"Cancel"}</span>', errors: [literal('Cancel')] },
    { code: '<span>{`Template`}</span>', errors: [literal('Template')] },
    { code: '<span>{` Padded `}</span>', errors: [literal('Padded')] },
    // Attributes people read.
    { code: '<input placeholder="Search" />', errors: [literal('Search')] },
    { code: '<Button title="Close" />', errors: [literal('Close')] },
    { code: '<nav aria-label="Main menu" />', errors: [literal('Main menu')] },
    { code: '<img alt="Company logo" />', errors: [literal('Company logo')] },
    {
      code: '<FormGroup label="First name" helperText="Required" />',
      errors: [literal('First name'), literal('Required')],
    },
    { code: '<Tooltip text="Hint" />', errors: [literal('Hint')] },
    {
      code: '<Alert confirmButtonText="Load all" cancelButtonText="Cancel" />',
      errors: [literal('Load all'), literal('Cancel')],
    },
    { code: "<input placeholder={'Search'} />", errors: [literal('Search')] },
    { code: '<input placeholder={`Search`} />', errors: [literal('Search')] },
    // Several problems in one element are all reported.
    { code: '<div title="Tip">Body</div>', errors: [literal('Tip'), literal('Body')] },
    {
      code: '<ul><li>One</li><li>{"Two"}</li><li>{`Three`}</li></ul>',
      errors: [literal('One'), literal('Two'), literal('Three')],
    },
    // In a TSX component.
    {
      code: 'export function Empty(): JSX.Element {\n  return <div className="empty">No items found</div>;\n}',
      errors: [{ ...literal('No items found'), line: 2 }],
    },
  ],
});

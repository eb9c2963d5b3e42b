// ESLint rule: visible text in the panel comes from react-intl messages, never from literals.
// Reports JSX text with letters, string literals rendered as JSX children ({'text'}), and string
// literals in attributes people read (placeholder, title, label, text, aria-label, alt).
// (eslint-plugin-react's jsx-no-literals needs ESLint ≤ 9; eslint-plugin-i18next reports nothing on ESLint 10:
// see docs/decisions/0009-literal-text-check.md.)
const READ_ATTRIBUTES = new Set([
  'placeholder',
  'title',
  'label',
  'text',
  'aria-label',
  'alt',
  'helperText',
  'confirmButtonText',
  'cancelButtonText',
]);
const HAS_LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow literal user-facing text in JSX; use react-intl messages' },
    messages: {
      literal:
        'Literal UI text "{{text}}": put it in libs/contracts/src/catalogue/{en,pl}.json and use react-intl.',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    const isText = (v) => typeof v === 'string' && HAS_LETTER.test(v);
    return {
      JSXText(node) {
        if (isText(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        const e = node.expression;
        if (node.parent.type === 'JSXAttribute') return;
        if (e.type === 'Literal' && isText(e.value)) report(node, e.value);
        if (e.type === 'TemplateLiteral' && e.expressions.length === 0 && isText(e.quasis[0].value.cooked)) {
          report(node, e.quasis[0].value.cooked);
        }
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        const v = node.value;
        if (v.type === 'Literal' && isText(v.value)) report(v, v.value);
        if (
          v.type === 'JSXExpressionContainer' &&
          v.expression.type === 'Literal' &&
          isText(v.expression.value)
        ) {
          report(v, v.expression.value);
        }
        const t = v.type === 'JSXExpressionContainer' ? v.expression : null;
        if (
          t &&
          t.type === 'TemplateLiteral' &&
          t.expressions.length === 0 &&
          isText(t.quasis[0].value.cooked)
        ) {
          report(v, t.quasis[0].value.cooked);
        }
      },
    };
  },
};

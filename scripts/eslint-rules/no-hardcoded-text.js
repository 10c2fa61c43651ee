// ESLint rule: a component's user-visible text comes from the message catalogues (src/i18n/catalogues), so
// every language gets it. Reported: JSX text with a letter in it; string literals (and template literals
// with words) as JSX children, directly or through `cond ? "a" : "b"` / `cond && "a"`; the same as values
// of attributes people read or hear (aria-label, alt, title, placeholder, and components' label-like
// props); and literal messages given to `toast`. Punctuation, numbers and symbols alone are fine.
// A deliberate exception (a brand name, a code sample) takes an eslint-disable comment saying why.

const LETTER = /\p{L}/u;

export const readAttributes = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "alt",
  "title",
  "placeholder",
  "label",
  "heading",
  "hint",
  "description",
  "message",
  "caption",
  "legend",
  "summary",
  "emptyText",
]);

function hasWords(node) {
  if (!node) return false;
  if (node.type === "Literal") return typeof node.value === "string" && LETTER.test(node.value);
  if (node.type === "TemplateLiteral")
    return node.quasis.some((quasi) => LETTER.test(quasi.value.cooked ?? ""));
  if (node.type === "ConditionalExpression") return hasWords(node.consequent) || hasWords(node.alternate);
  if (node.type === "LogicalExpression")
    return hasWords(node.right) || (node.operator !== "&&" && hasWords(node.left));
  if (node.type === "BinaryExpression" && node.operator === "+")
    return hasWords(node.left) || hasWords(node.right);
  return false;
}

const message =
  'User-visible text must come from the message catalogues: use t("namespace.key") or <T id=…>.';

export default {
  meta: {
    type: "problem",
    docs: { description: "disallow user-visible text written in components instead of the catalogues" },
    schema: [],
    messages: { hardcoded: message },
  },
  create(context) {
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) context.report({ node, messageId: "hardcoded" });
      },
      JSXExpressionContainer(node) {
        const parent = node.parent;
        if (parent.type === "JSXElement" || parent.type === "JSXFragment") {
          if (hasWords(node.expression)) context.report({ node, messageId: "hardcoded" });
        }
      },
      JSXAttribute(node) {
        const name = node.name.type === "JSXIdentifier" ? node.name.name : null;
        if (!name || !readAttributes.has(name) || !node.value) return;
        const value = node.value.type === "JSXExpressionContainer" ? node.value.expression : node.value;
        if (hasWords(value)) context.report({ node, messageId: "hardcoded" });
      },
      CallExpression(node) {
        const callee = node.callee;
        const isToast =
          (callee.type === "Identifier" && callee.name === "toast") ||
          (callee.type === "MemberExpression" &&
            callee.object.type === "Identifier" &&
            callee.object.name === "toast");
        if (isToast && hasWords(node.arguments[0])) context.report({ node, messageId: "hardcoded" });
      },
    };
  },
};

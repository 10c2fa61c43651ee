import { options } from "preact";

// What `react` is in the browser's build and in the web unit tests: Preact's compatibility layer
// (vite.config.ts, vitest.config.ts; decision record 0016). React Router reads React.useOptimistic and falls
// back when it is missing; saying it is missing here keeps Rolldown from warning that the import "will always
// be undefined" (a warning fails the build's test, record 0011).
// @ts-expect-error -- preact/compat's types declare one `export =` namespace; its module has these named exports.
export * from "preact/compat";
export { default } from "preact/compat";
export const useOptimistic = undefined;

// React writes `tabIndex` as the `tabindex` attribute on every element. Preact sets an SVG element's props as
// attributes under their own names, and an SVG `tabIndex` attribute is not `tabindex`: the map's states
// (SVG paths) were not focusable. Every element is given `tabindex`, which Preact writes as the attribute.
const previousVNodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown>;
  if (typeof vnode.type === "string" && "tabIndex" in props) {
    props.tabindex = props.tabIndex;
    delete props.tabIndex;
  }
  previousVNodeHook?.(vnode);
};

import { type ComponentProps, useCallback } from "react";
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  type NavigateOptions,
  type To,
  useNavigate as useRouterNavigate,
} from "react-router";
import { useLocalizePath } from "./language-context";

// The router's Link, NavLink and navigate, keeping the page's language: every app path (from `paths`) is
// given without a language and gains the page's prefix here, so a Hausa page links to Hausa pages.

function useLocalizeTo(): (to: To) => To {
  const localize = useLocalizePath();
  return useCallback(
    (to: To) => {
      if (typeof to === "string") return localize(to);
      return to.pathname ? { ...to, pathname: localize(to.pathname) } : to;
    },
    [localize],
  );
}

export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  // A link that keeps the scroll says so in its HTML too: a part of the page that is not hydrated follows
  // its links itself and reads it there (src/web/ui/StaticPart.tsx).
  const keepsScroll = props.preventScrollReset ? { "data-keep-scroll": "" } : undefined;
  return <RouterLink to={useLocalizeTo()(to)} {...keepsScroll} {...props} />;
}

export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink to={useLocalizeTo()(to)} {...props} />;
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const navigate = useRouterNavigate();
  const localizeTo = useLocalizeTo();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === "number") void navigate(to);
      else void navigate(localizeTo(to), options);
    },
    [navigate, localizeTo],
  );
}

import type { ReactNode } from "react";
import { useT } from "../i18n/language-context";

/** A link that opens in a new tab and says so to everyone who cannot see the icon. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span aria-hidden="true"> ↗</span>
      <span className="visually-hidden"> {t("common.opensInNewTab")}</span>
    </a>
  );
}

/** Website fields are sometimes stored without a scheme ("www.school.org"): link them with https://. */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

import { type ReactNode, useLayoutEffect, useRef } from "react";
import styles from "./FormPanel.module.css";

/**
 * One form screen (an account screen, the translation feedback form): its h1 and content in a narrow column. When a screen replaces another after the
 * visitor acted (the form becomes 'Verification Email Sent!'), focusHeading moves focus to the new h1,
 * so keyboard and screen-reader users start reading from the top of what changed.
 */
export function FormPanel({
  title,
  focusHeading = false,
  children,
}: {
  title: string;
  focusHeading?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <div className="container">
      <div className={styles.panel}>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

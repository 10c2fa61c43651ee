import { data, isRouteErrorResponse } from "react-router";
import type { MessageKey } from "../../i18n/message-keys";
import {
  addMessages,
  hasMessage,
  languageOfPathname,
  type MessageBundle,
  shownLanguageOf,
  shownTranslatorFor,
} from "../i18n/runtime";
import { pageTitle } from "../ui/page-title";

/**
 * An unknown state or school id: the page's loader throws this 404 with the page's messages, so the error
 * page the server renders is complete (its heading and text, not a spinner) and the browser hydrates the
 * same (addErrorMessages), whatever messages an earlier render left in the server's memory.
 */
export function unknownPage(i18n: MessageBundle) {
  return data({ i18n }, { status: 404 });
}

/** Registers the messages an unknown page's 404 carries; call before rendering the error page. */
export function addErrorMessages(error: unknown): void {
  if (!isRouteErrorResponse(error)) return;
  const carried: unknown = error.data;
  if (typeof carried === "object" && carried !== null && "i18n" in carried) {
    addMessages(carried.i18n as MessageBundle);
  }
}

/**
 * An id without a record is unknown: the loader's 404 (a direct visit, rendered by the server, or a move
 * within the app, whose data request answers it), or, from an older page, no data for the route.
 */
export function isUnknownPageError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 404;
  return error instanceof Error && /No result found for routeId/.test(error.message);
}

/**
 * The title of a state's or school's error page, for its route's `meta` (which renders before the error
 * page, so it registers the error's messages itself): the page's "not found" title once its messages are
 * here in the page's language, the shell's "Something went wrong" otherwise (while they load, or when
 * they could not be fetched and the page says so).
 */
export function errorPageMeta(error: unknown, pathname: string, notFoundTitleId: MessageKey) {
  addErrorMessages(error);
  const named =
    isUnknownPageError(error) &&
    shownLanguageOf(pathname) === languageOfPathname(pathname) &&
    hasMessage(pathname, notFoundTitleId);
  const t = shownTranslatorFor(pathname);
  return [{ title: pageTitle(t(named ? notFoundTitleId : "common.somethingWentWrong")) }];
}

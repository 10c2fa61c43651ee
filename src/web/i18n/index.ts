// The web app's languages (docs/translating.md): messages, language-keeping links, the language switch.
export { useEnglishContentLang, useLanguage, useLocalizePath, useT } from "./language-context";
export { Link, NavLink, useNavigate } from "./links";
export {
  hasMessage,
  languageOfRequest,
  pageMessages,
  translatorFor,
  type MessageBundle,
  type Translate,
} from "./runtime";
export type { MessageKey } from "../../i18n/message-keys";
export { T } from "./T";
export { NamespacesLoadFailed, useNamespaces, type NamespacesState } from "./use-namespaces";
export {
  failureText,
  missingRulesText,
  problemText,
  useFailureText,
  type FailureFallbacks,
  type FailureTextOptions,
} from "./failure-text";

import { useLocation, useParams } from "react-router";
import { tokenFromLink } from "./link-token";

/** The token of the e-mailed link this page was opened with (link-token.ts rules); null when broken. */
export function useLinkToken(): string | null {
  const location = useLocation();
  const { token: routeToken } = useParams();
  return tokenFromLink({
    search: location.search,
    pathname: location.pathname,
    routeToken,
    state: location.state,
  });
}

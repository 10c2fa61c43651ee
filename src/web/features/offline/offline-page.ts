// The page the service worker answers with when a page that was never kept is opened without a connection
// (instead of the browser's own error page). It is self-contained: no script, its styles inline, nothing to
// fetch.

export const offlinePageSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// "Try again" is a link to the page itself (an empty address): the offline page has no script.
export const offlinePageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b5d3b">
<title>You are offline | Inclusion Atlas</title>
<style>
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#fff}
header{padding:.75rem 1rem;border-bottom:1px solid #c9d1da;font-weight:700;color:#0b5d3b}
main{max-width:40rem;padding:1.5rem 1rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
.links{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
a{display:inline-flex;align-items:center;min-height:44px;padding:0 1rem;border:2px solid #0b5d3b;border-radius:8px;color:#0b5d3b;font-weight:700;text-decoration:none}
a:first-child{background:#0b5d3b;color:#fff}
a:focus-visible{outline:3px solid #1b1f24;outline-offset:2px}
</style>
</head>
<body>
<header>Inclusion Atlas</header>
<main>
<h1>You are offline</h1>
<p>This page has not been saved on this device yet, so it needs a connection.</p>
<p>The pages you have already opened can still be read without one.</p>
<div class="links"><a href="">Try again</a><a href="/">Go to the home page</a></div>
</main>
</body>
</html>
`;

// A script of its own in index.html, before the app's: it starts the page's first calls, and
// fetches the page's own code, while the browser still loads and evaluates the app
// (api/early-responses.ts says why). It imports only what names those calls and files: no
// React, no schemas.
import { apiUrl } from "./api/api-url.ts";
import { startEarlyRequest } from "./api/early-responses.ts";
import { firstPageFilesOf, preloadPageFile } from "./first-page-files.ts";
import { firstPageAt } from "./first-pages.ts";

const calls = firstPageAt(window.location.pathname)?.firstCalls(window.location.search) ?? [];
for (const call of calls) startEarlyRequest(apiUrl(call));
for (const file of firstPageFilesOf(window.location.pathname)) preloadPageFile(file);

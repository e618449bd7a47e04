// A script of its own in index.html, before the app's: it starts the page's first calls, and
// fetches the page's own code, while the browser still loads and evaluates the app
// (api/early-responses.ts says why). It imports only what names those calls and files: no
// React, no schemas.
import { apiUrl } from "./api/api-url.ts";
import { startEarlyRequest } from "./api/early-responses.ts";
import { firstCallsOf } from "./first-calls.ts";
import { firstPageFilesOf, preloadPageFile } from "./first-page-files.ts";

for (const call of firstCallsOf(window.location)) startEarlyRequest(apiUrl(call));
for (const file of firstPageFilesOf(window.location.pathname)) preloadPageFile(file);

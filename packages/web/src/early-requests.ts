// A script of its own in index.html, before the app's: it starts the page's first calls while
// the browser still loads and evaluates the app (api/early-responses.ts says why). It imports
// only what names those calls: no React, no schemas.
import { apiUrl } from "./api/api-url.ts";
import { startEarlyRequest } from "./api/early-responses.ts";
import { firstCallsOf } from "./first-calls.ts";

for (const call of firstCallsOf(window.location)) startEarlyRequest(apiUrl(call));

// First: the page's first calls start before the rest of the app is evaluated, even when the
// early script of index.html has not run yet (it is the same module: it runs once).
import "./early-requests.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import "@fontsource/ubuntu/latin-300.css";
import "@fontsource/ubuntu/latin-400.css";
import "@fontsource/ubuntu/latin-500.css";
import "@fontsource/ubuntu-mono/latin-400.css";
import "./sass/styles.scss";
import { createQueryClient } from "./context/query-client.ts";
import { AppRoutes, preloadPageOf } from "./router.tsx";
import { AppRouter } from "./context/app-router.tsx";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

const queryClient = createQueryClient();
// The first render waits for the first page's code (a few small chunks, asked for here with its
// data): rendered before, the page would show its Suspense fallback once the session check is in,
// and React then holds the page back for its fallback throttle (300 ms).
void preloadPageOf(window.location, queryClient).then(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
});

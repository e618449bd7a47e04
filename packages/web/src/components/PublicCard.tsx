import type { ReactNode } from "react";
import { logoUrl } from "../assets/logo-url.ts";

/**
 * The card the pages seen before or outside a session sit in (login, registration, access
 * denied): the brand on a dark band, then the content.
 */
export function PublicCard({ children }: { children: ReactNode }) {
  return (
    <main className="public-card" id="main-content">
      <div className="p-card public-card__card">
        <header className="public-card__brand">
          <img src={logoUrl} alt="" width={32} height={32} />
          <span>Anbox Cloud</span>
        </header>
        <div className="public-card__body">{children}</div>
      </div>
    </main>
  );
}

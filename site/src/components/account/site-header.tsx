/** The customer-facing header used by /account and /public: brand, nav links, and a right-hand slot. */
import type { ReactNode } from "react";
import { BrandMark } from "../public/brand-mark.tsx";
import "./site-header.css";

export type NavLink = { label: string; href: string; testId?: string };

export function SiteHeader({ brandHref, links, children }: { brandHref: string; links: NavLink[]; children?: ReactNode }) {
  return (
    <header className="sb-header">
      <div className="sb-header__inner">
        <a href={brandHref} className="sb-header__brand" aria-label="BetPro home">
          <BrandMark size={28} />
        </a>
        <nav className="sb-header__nav" aria-label="Main">
          {links.map((l) => (
            <a key={l.label} href={l.href} className="sb-header__link" data-testid={l.testId}>
              {l.label}
            </a>
          ))}
        </nav>
        <div className="sb-header__right">{children}</div>
      </div>
    </header>
  );
}

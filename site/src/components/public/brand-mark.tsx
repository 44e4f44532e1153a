/** The BetPro mark (same drawing as the favicon) with an optional word mark. */
import "./brand-mark.css";
export function BrandMark({ size = 28, withName = true, label }: { size?: number; withName?: boolean; label?: string }) {
  return (
    <span className="sb-brand">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#16a34a" />
        <path d="M9 8h9a5 5 0 0 1 1.9 9.6A5 5 0 0 1 18 27H9z" fill="#fff" />
        <path d="M13 12v4h4.5a2 2 0 0 0 0-4zM13 19v4h5a2 2 0 0 0 0-4z" fill="#16a34a" />
      </svg>
      {withName && <span className="sb-brand__name">BetPro</span>}
      {label && <span className="sb-brand__label">{label}</span>}
    </span>
  );
}

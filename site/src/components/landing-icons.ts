/**
 * The landing page's icons: trusted, static inline SVG (24x24, stroke = currentColor), rendered into
 * the HTML at build time, so they add nothing to the page's script.
 */
export const icons = {
  soccer:
    '<circle cx="12" cy="12" r="10"/><path d="M12 7.5l4.3 3.1-1.7 5h-5.2l-1.7-5z"/><path d="M12 7.5V2M16.3 10.6l5.2-1.6M14.6 15.6l3.2 4.6M9.4 15.6l-3.2 4.6M7.7 10.6L2.5 9"/>',
  basketball:
    '<circle cx="12" cy="12" r="10"/><path d="M12 2v20M2 12h20"/><path d="M5.6 4.3c2.6 2.2 3.9 4.8 3.9 7.7s-1.3 5.5-3.9 7.7M18.4 4.3c-2.6 2.2-3.9 4.8-3.9 7.7s1.3 5.5 3.9 7.7"/>',
  tennis:
    '<circle cx="12" cy="12" r="10"/><path d="M5.1 4.9a10 10 0 0 1 0 14.2M18.9 4.9a10 10 0 0 0 0 14.2"/>',
  nfl:
    '<ellipse cx="12" cy="12" rx="10.5" ry="6" transform="rotate(-45 12 12)"/><path d="M9.5 14.5l5-5M10 12l2 2M11 11l2 2M12 10l2 2"/>',
  hockey:
    '<path d="M6 2l8.2 12.6a2 2 0 0 0 1.7.9H20M18 2L9.8 14.6a2 2 0 0 1-1.7.9H4"/><ellipse cx="12" cy="20" rx="3.5" ry="1.5"/>',
  baseball:
    '<circle cx="12" cy="12" r="10"/><path d="M5.1 4.9a10 10 0 0 1 0 14.2M18.9 4.9a10 10 0 0 0 0 14.2"/><path d="M6.4 8.4l2 .3M7 12h2M6.4 15.6l2-.3M17.6 8.4l-2 .3M17 12h-2M17.6 15.6l-2-.3"/>',
  bolt: '<path d="M13 2L4 14h7l-1 8 9-12h-7z"/>',
  layers:
    '<path d="M12 2l10 5-10 5L2 7z"/><path d="M2 12l10 5 10-5"/><path d="M2 17l10 5 10-5"/>',
  shield:
    '<path d="M12 22s8-3.6 8-10V5l-8-3-8 3v7c0 6.4 8 10 8 10z"/><path d="M8.5 12l2.5 2.5 4.5-5"/>',
  chart: '<path d="M3 3v18h18"/><path d="M7 15l4-4 3 3 6-7"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4 21c0-4 3.6-7 8-7s8 3 8 7"/>',
  check: '<path d="M5 12.5l4.5 4.5L19 7.5"/>',
};

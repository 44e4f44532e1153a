/** The landing script's DOM helpers: a typed querySelector and a text write that leaves unchanged text alone. */
export const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector<T>(sel);

/** Writing the same text again would still restart screen readers' live regions and relayout: skip it. */
export function setText(el: HTMLElement | undefined, text: string): void {
  if (el && el.textContent !== text) el.textContent = text;
}

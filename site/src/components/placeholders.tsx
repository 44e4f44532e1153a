/**
 * Loading placeholders for the customer pages that take exactly the room the loaded content will
 * take, so nothing moves when the data arrives (layout shift; bench/cls.ts measures it). They are
 * built from the same elements and classes as the real content (a text line is a line of that text
 * size, a price is a `.sb-price` with an empty label and price), only greyed out (customer.css
 * `.sb-ph`) and hidden from assistive technology; the section says "Loading ..." in words instead.
 */
import { Text } from "@radix-ui/themes";

type TextSize = "1" | "2" | "3" | "4";
type Space = "1" | "2" | "3";

/** One line of text of the given size, greyed out, `width` wide. */
export function LinePlaceholder({ size, width, as = "div", mt, mb }: { size: TextSize; width: string; as?: "div" | "p"; mt?: Space; mb?: Space }) {
  return (
    <Text as={as} size={size} mt={mt} mb={mb} className="sb-ph-line" style={{ width }}>
      <span className="sb-ph">{"\u00a0"}</span>
    </Text>
  );
}

/** A box of a fixed size (a badge, say). */
export function BlockPlaceholder({ width, height }: { width: string; height: string }) {
  return <span className="sb-ph sb-ph--block" style={{ width, height }} />;
}

/** The room of a Radix button of size 1 or 2 (44 px tall on phones, like the real ones). */
export function ButtonPlaceholder({ size, width }: { size: "1" | "2"; width?: string }) {
  return <span className={`sb-ph sb-ph--button-${size}`} style={width ? { width } : undefined} />;
}

/** A betting price button's box (label line and price line), greyed out. */
export function PricePlaceholder() {
  return (
    <span className="sb-price sb-ph">
      <span className="sb-price__label">{"\u00a0"}</span>
      <span className="sb-price__odds">{"\u00a0"}</span>
    </span>
  );
}

/** A row of `n` price placeholders in the same grid as real prices. */
export function PricesPlaceholder({ n }: { n: 2 | 3 }) {
  return (
    <div className={`sb-prices sb-prices--${n}`}>
      {Array.from({ length: n }, (_, i) => (
        <PricePlaceholder key={i} />
      ))}
    </div>
  );
}

/** Says "Loading ..." to screen readers while the placeholders are shown. */
export function LoadingText({ children }: { children: string }) {
  return (
    <p className="sb-visually-hidden" role="status">
      {children}
    </p>
  );
}

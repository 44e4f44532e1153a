/** Account rules shared by registration, sign-in and password changes. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
/** A signed-in (non-demo) session lasts 12 hours. */
export const SESSION_HOURS = 12;
/** How many teams a customer may follow. */
export const MAX_FOLLOWS = 50;

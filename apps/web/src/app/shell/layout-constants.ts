export const APP_BAR_HEIGHT = 52;
export const SIDE_MENU_WIDTH = 260;
export const SIDE_MENU_COLLAPSED_WIDTH = 64;
/** Spec 1 §2: the side menu starts open when the window is at least this wide. */
export const SIDE_MENU_OPEN_MIN_WIDTH = 1280;

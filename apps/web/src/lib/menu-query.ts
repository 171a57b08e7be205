/** The side menu's query key: the shell loads the menu, features that change its entries invalidate it. */
export const menuQueryKey = ['menu'] as const;

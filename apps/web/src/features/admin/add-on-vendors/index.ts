/** Administration › Add-On Vendors and Add-On Price Caps: the areas (wired in the admin registry). */
export { addOnPriceCapsArea, addOnVendorsArea } from './add-on-vendors-area.ts';

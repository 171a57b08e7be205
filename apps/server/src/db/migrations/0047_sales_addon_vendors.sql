-- reserved for sales_addon_vendors; replaced by its helper
SELECT 1;

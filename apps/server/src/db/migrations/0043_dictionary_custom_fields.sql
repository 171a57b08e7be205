-- reserved for dictionary_custom_fields; replaced by its helper
SELECT 1;

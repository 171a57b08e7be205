-- reserved for document_storage; replaced by its helper
SELECT 1;

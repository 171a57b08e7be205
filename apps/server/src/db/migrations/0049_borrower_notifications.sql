-- reserved for borrower_notifications; replaced by its helper
SELECT 1;

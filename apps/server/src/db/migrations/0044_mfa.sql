-- reserved for mfa; replaced by its helper
SELECT 1;

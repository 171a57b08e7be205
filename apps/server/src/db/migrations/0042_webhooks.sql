-- reserved for webhooks; replaced by its helper
SELECT 1;

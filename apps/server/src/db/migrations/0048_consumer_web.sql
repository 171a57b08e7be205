-- reserved for consumer_web; replaced by its helper
SELECT 1;

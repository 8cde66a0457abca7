-- Issue 32: placeholder, filled in (or removed) with the work it belongs to.
SELECT 1;

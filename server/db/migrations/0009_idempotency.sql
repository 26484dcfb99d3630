-- Placeholder: filled by the work on issue 7.
SELECT 1;

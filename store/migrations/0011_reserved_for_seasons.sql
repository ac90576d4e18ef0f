-- Number 11 is the seasons branch's migration (issue 43); this empty file only keeps the
-- numbers without a gap on the achievements branch, and goes when that branch is merged.
SELECT 1;

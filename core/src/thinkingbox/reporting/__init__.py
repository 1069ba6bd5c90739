"""What people read: trial records, metrics, failure analysis, reports, comparisons and the
trajectory view of `tb show`."""

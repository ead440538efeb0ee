/** A job status (RUNNING SUCCESS WARNING FAILED STALE SKIPPED) as the health dot's colour. */
export function jobHealth(status: string | null | undefined): string {
  switch (status?.toUpperCase()) {
    case 'SUCCESS':
      return 'healthy';
    case 'FAILED':
      return 'unhealthy';
    case 'WARNING':
    case 'STALE':
      return 'warning';
    default:
      return 'unknown';
  }
}

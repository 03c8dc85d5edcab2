/**
 * Netlify sets CONTEXT (production, deploy-preview, branch-deploy) on deployed
 * sites; `netlify dev` sets it to "dev". Our local servers leave it unset.
 */
export function isLocalRuntime(): boolean {
  const context = process.env.CONTEXT;
  return context === undefined || context === '' || context === 'dev';
}

export function env(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

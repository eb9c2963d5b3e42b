/** The panel's icon paths at one size, made at build time (vite.config.ts, iconPathsModule.ts). */
declare module 'virtual:panel-icon-paths/*' {
  const paths: Record<string, string[] | undefined>;
  export default paths;
}

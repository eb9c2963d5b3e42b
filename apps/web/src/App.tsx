/**
 * The panel shell (sign-in, layout, menu, languages, themes) is built by its own issue on top of this
 * entry point; until then the built page only proves that the API process serves the panel.
 */
export function App() {
  return <main id="depot-panel" data-testid="depot-panel" />;
}

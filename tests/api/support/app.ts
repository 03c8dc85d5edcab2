// Handlers and modules run here as a deployed function runs them: with the composition
// root installed (src/server/app). Each function's own import of it is checked by
// tests/unit/app-wiring.test.ts.
import '../../../src/server/app';

// Registers the project's own client directives with Astro.
import { fileURLToPath } from 'node:url';

export default function clientDirectives() {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'session', entrypoint: fileURLToPath(new URL('./session.ts', import.meta.url)) });
      },
    },
  };
}

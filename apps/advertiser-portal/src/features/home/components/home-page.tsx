import { Button } from '@terres/ui/button';

export function HomePage() {
  return (
    <main className="app-placeholder">
      <h1>Bourse aux terres</h1>
      <p>Le portail des annonceurs arrive bientôt.</p>
      <p>
        <Button asChild>
          <a href="/login">Se connecter</a>
        </Button>
      </p>
    </main>
  );
}

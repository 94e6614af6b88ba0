import { Button } from '@terres/ui/button';

export function HomePage() {
  return (
    <main className="app-placeholder">
      <p>Bourse aux terres</p>
      <h1>Console d'administration</h1>
      <p>La console des administrateurs arrive bientôt.</p>
      <p>
        <Button asChild>
          <a href="/login">Se connecter</a>
        </Button>
      </p>
    </main>
  );
}

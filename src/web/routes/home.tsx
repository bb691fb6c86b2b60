export function HomePage() {
  return (
    <section>
      <h1 className="text-2xl font-bold">Today's Main Football Matches</h1>
    </section>
  );
}

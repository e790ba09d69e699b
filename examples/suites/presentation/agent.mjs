// A presentation-generator "agent": builds a Markdown slide deck from the request and its data.
export default async function presentation(input) {
  const slideCount = Number(/(\d+)-slide/.exec(input.prompt)?.[1] ?? 5);
  const data = input.context?.data ?? {};
  const topic = input.prompt.replace(/^Create an? \d+-slide (presentation|launch deck) (about|for) /i, '');
  const slides = [`## Slide 1: ${topic} (title)`];
  if (data.totalSales !== undefined) slides.push(`## Slide ${slides.length + 1}: Results\nTotal sales reached $${data.totalSales.toLocaleString('en-US')}, growth of ${data.growth}%.`);
  if (data.topProducts) slides.push(`## Slide ${slides.length + 1}: Top products\n${data.topProducts.map((p) => `- ${p}`).join('\n')}`);
  while (slides.length < slideCount - 1) slides.push(`## Slide ${slides.length + 1}: Highlights\nKey wins and lessons of the period.`);
  slides.push(`## Slide ${slides.length + 1}: Conclusion and next steps\nKeep the momentum into the next quarter.`);
  return slides.slice(0, slideCount).join('\n\n');
}

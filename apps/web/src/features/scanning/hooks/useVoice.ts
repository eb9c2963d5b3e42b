import { useEffect, useState } from 'react';
import { pickPolishVoice } from '../speech';

/** Whether the device has a Polish voice now (voices arrive late: `voiceschanged`). */
export function usePolishVoice(): boolean {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  const read = () => !!synth && !!pickPolishVoice(synth.getVoices());
  const [has, setHas] = useState(read);
  useEffect(() => {
    if (!synth) return undefined;
    const update = () => setHas(!!pickPolishVoice(synth.getVoices()));
    synth.addEventListener('voiceschanged', update);
    update();
    return () => synth.removeEventListener('voiceschanged', update);
  }, [synth]);
  return has;
}

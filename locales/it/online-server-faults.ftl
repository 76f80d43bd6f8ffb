## Gioco online: un server che si comporta male (non risponde mai, manda dati illeggibili,
## continua a chiudere la linea, sommerge la sintesi vocale di tutti)

net-reason-no-answer = Il server ha accettato la connessione ma non ha mai risposto: forse non è un server del gioco, oppure è bloccato.
net-reason-garbled = Il server manda dati che il gioco non sa leggere: forse è un altro programma, oppure un server guasto.
net-reason-unstable = Il server chiude la connessione appena aperta, una volta dopo l'altra: ho smesso di riprovare.
online-flood = Troppi messaggi tutti insieme: per un momento smetto di leggerli ad alta voce, li trovi tutti nella cronologia.

## I limiti di un server pubblico per indirizzo di rete
net-reason-too-many-connections = Troppe connessioni aperte insieme dalla tua rete: chiudine una e riprova.
net-reason-too-many-guests = Troppi nuovi ospiti dalla tua rete in poco tempo: aspetta qualche minuto, oppure entra con un account.
